"""Put the Festinger pack into an Agent Zero tree, and take it out again.

Runs with any python3 (3.8+) before the pack's dependencies exist, so this package uses the
standard library only and never imports the rest of ``festinger``. ``install.sh`` at the repo
root is a thin wrapper around ``python -m festinger.install``.

Modules, one job each:
  layout    which Agent Zero generation a folder is, and where each kind of file goes there
  plan      the list of actions an install needs (reads the repo and the tree, writes nothing)
  apply     carries a plan out with rollback, keeps the manifest, uninstalls
  pip_step  the Python distributions, in the interpreter that runs Agent Zero
  selftest  ``--self-test`` with and without ``--a0``
"""

PLUGIN_NAME = "festinger"  # also the v1.x plugin folder; A0 requires ^[a-z0-9_]+$
MANIFEST_REL = "usr/festinger/install-manifest.json"
MANIFEST_SCHEMA = "festinger:install-manifest"
MANIFEST_FORMAT = 1
# Data the pack writes at run time: an uninstall never touches anything under these.
PROTECTED_REL = ("usr/festinger/pgdata", "usr/memory")

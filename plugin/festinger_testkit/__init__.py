"""Festinger's test kit: what tests, benchmarks and the self-test need, and the product doesn't.

A separate distribution (``festinger-testkit``, built from ``plugin/pyproject.toml``): the
runtime wheel that goes into Agent Zero's venv carries none of this and imports none of it.
Installed by ``pip install -e '.[test]' -e ./plugin`` (test.sh) and ``./install.sh --self-test``.

- ``simulator``: a simulated Agent Zero (both layouts) that runs the pack's real hook files;
- ``selftest``: the standalone self-test scenario behind ``festinger selftest``;
- ``bench``: the cases behind ``festinger bench``;
- ``recall_eval``: the labelled recall benchmark (generator and evaluation);
- ``contradiction_eval`` and ``data/contradiction/``: the detector's labelled pair sets.
"""

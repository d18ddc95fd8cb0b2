import sys

from festinger.cli import main

sys.exit(main())

import sys

from autograph_py.cli import main

sys.exit(main())

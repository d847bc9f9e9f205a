import sys

from iotase.cli import main

sys.exit(main())

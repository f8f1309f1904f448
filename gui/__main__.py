"""``python -m gui`` opens the application."""

import sys

from gui.main_window import main

sys.exit(main())

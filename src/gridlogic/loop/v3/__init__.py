"""Loop version 3 (in the making)."""

"""Pattern: a nonogram. Fill cells so that every row and column shows its run lengths."""

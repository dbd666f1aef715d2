fixture for editor path completion

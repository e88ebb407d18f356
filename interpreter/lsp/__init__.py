"""The language server for card files (``riftbound lsp``): diagnostics, hover, completion, code actions."""

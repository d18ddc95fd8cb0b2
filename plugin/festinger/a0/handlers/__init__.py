"""Agent Zero hook handlers, one module per family (the hook files import them by name)."""

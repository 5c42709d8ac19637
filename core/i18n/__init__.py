"""Messages and their translations: ``Msg``, the catalogues (``locale/``) and rendering.

The lowest layer of the core: it imports nothing else of it (docs/architecture.md §1.1)."""

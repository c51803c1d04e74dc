"""PDF rendering: WeasyPrint behind one function, imported only when a sheet is first printed."""

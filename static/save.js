/* Saving a deal once, and never losing it to a dropped connection: filled in next. */

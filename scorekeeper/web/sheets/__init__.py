"""Printed sheets (blueprint "sheets"): a session's protocol, blank sheets, a deal's audit."""

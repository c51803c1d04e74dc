"""Deals: read a deal's input, record, correct and delete it, once per request key; trick by
trick play, drafts and deal records; every stored deal audited again."""

"""The law as data: jurisdiction rule files, legal bases and citations."""

"""Pure-Python game engines. No Django import anywhere below this package (see ``base.py``)."""

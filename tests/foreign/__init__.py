"""Foreign corpus: programs in the style of other projects' tests, run by harness.py."""

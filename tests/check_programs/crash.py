"""A crashing solution: reads its input, then fails with an exception (a runtime error)."""

import sys

numbers = sys.stdin.read().split()
print(numbers[len(numbers)])  # IndexError: one past the end

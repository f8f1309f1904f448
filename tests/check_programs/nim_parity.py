"""Wrong Nim: the parity of the sum of the piles instead of their XOR (fails on one pile of 2)."""

import sys

words = sys.stdin.read().split()
piles = [int(w) for w in words[1 : 1 + int(words[0])]]
print("koosaga" if sum(piles) % 2 else "cubelover")

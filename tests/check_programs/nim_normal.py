"""Wrong misere Nim: ignores the misere rule and answers normal Nim (XOR of the piles)."""

import sys

words = sys.stdin.read().split()
piles = [int(w) for w in words[1 : 1 + int(words[0])]]
xor = 0
for pile in piles:
    xor ^= pile
print("koosaga" if xor else "cubelover")

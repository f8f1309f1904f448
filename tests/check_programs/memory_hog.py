"""Holds about 200 MB (touched, so resident) before answering Nim right."""

import sys

words = sys.stdin.read().split()
block = bytearray(200 << 20)
block[::4096] = b"x" * len(block[::4096])
x = 0
for pile in words[1 : 1 + int(words[0])]:
    x ^= int(pile)
print("koosaga" if x else "cubelover")

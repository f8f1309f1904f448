"""Wrong Xoinc: each player grabs as many coins as allowed (the biggest sum right now)."""

import sys

words = sys.stdin.read().split()
coins = [int(w) for w in words[1 : 1 + int(words[0])]]
totals = [0, 0]
top, allowed, player = 0, 2, 0
while top < len(coins):
    take = min(allowed, len(coins) - top)
    totals[player] += sum(coins[top : top + take])
    top += take
    allowed = 2 * take
    player = 1 - player
print(totals[0])

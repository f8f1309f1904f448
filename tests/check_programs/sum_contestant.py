"""A contestant for the toy game of ``fake_sum.py`` (the sum of N numbers): ``MODE`` picks how
it behaves. Only ``sys`` and ``time``: the judge's tests start it hundreds of times.

right: the sum; wrong: one too many once a number reaches 7 (shrinks to "1 / 7");
crash: fails when the sum passes 50; sleep: never answers; spaces: the sum after two
spaces; flood: 4 MB of digits.
"""

import sys
import time


def main(mode: str) -> None:
    numbers = [int(w) for w in sys.stdin.read().split()[1:]]
    if mode == "sleep":
        time.sleep(60)
    if mode == "crash" and sum(numbers) > 50:
        raise RuntimeError("the sum is too big for me")
    total = sum(numbers)
    if mode == "wrong" and any(x >= 7 for x in numbers):
        total += 1
    if mode == "spaces":
        print(f"  {total}")
        return
    if mode == "flood":
        sys.stdout.write("9" * (1 << 22))
        return
    print(total)


if __name__ == "__main__":
    main(sys.argv[1])

// A right Nim solution in C++ (Baekjoon 11868): the first player wins iff the XOR is not 0.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    long long x = 0;
    for (int i = 0; i < n; ++i) {
        long long pile;
        std::scanf("%lld", &pile);
        x ^= pile;
    }
    std::puts(x ? "koosaga" : "cubelover");
    return 0;
}

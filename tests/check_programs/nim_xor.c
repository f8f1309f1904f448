/* A right Nim solution in C. */
#include <stdio.h>

int main(void) {
    int n;
    long long x = 0, pile;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; ++i) {
        if (scanf("%lld", &pile) != 1) return 1;
        x ^= pile;
    }
    puts(x ? "koosaga" : "cubelover");
    return 0;
}

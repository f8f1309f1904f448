// A plain C++ solution of UVa 12164 (The Great Game), written for the benchmark only:
// bisection on lambda (about 40 steps), each step a DP over (throw, round score) that
// maximises (1 - lambda) P(win round) - lambda P(lose round); then the gambler's ruin.
// Built and timed by bench/bench_greatgame.py beside `python -m solvers greatgame`.
#include <cmath>
#include <cstdio>
#include <vector>

static double best_gain(const std::vector<double>& p, int g, double lam) {
    // Scores -g..g stored at offset g; after throw i only |d| <= i can occur.
    std::vector<double> next(2 * g + 3), cur(2 * g + 3);
    for (int d = -g; d <= g; ++d) next[d + g + 1] = d > 0 ? 1.0 - lam : (d < 0 ? -lam : 0.0);
    for (int i = g - 1; i >= 0; --i) {
        const double r = p[3 * i], pa = p[3 * i + 1], s = p[3 * i + 2];
        for (int d = -i; d <= i; ++d) {
            const double up = next[d + g + 2], same = next[d + g + 1], down = next[d + g];
            const double rock = s * up + r * same + pa * down;      // rock beats scissors
            const double paper = r * up + pa * same + s * down;     // paper beats rock
            const double scissors = pa * up + s * same + r * down;  // scissors beat paper
            double v = rock > paper ? rock : paper;
            cur[d + g + 1] = v > scissors ? v : scissors;
        }
        std::swap(cur, next);
    }
    return next[g + 1];
}

int main() {
    int g, w, l;
    while (std::scanf("%d %d %d", &g, &w, &l) == 3 && (g || w || l)) {
        std::vector<double> p(3 * g);
        for (int i = 0; i < g; ++i) {
            int a, b, c;
            if (std::scanf("%d %d %d", &a, &b, &c) != 3) return 1;
            p[3 * i] = a / 100.0, p[3 * i + 1] = b / 100.0, p[3 * i + 2] = c / 100.0;
        }
        double lo = 0.0, hi = 1.0;
        for (int step = 0; step < 40; ++step) {
            const double mid = (lo + hi) / 2;
            (best_gain(p, g, mid) > 0 ? lo : hi) = mid;
        }
        const double q = (lo + hi) / 2;
        double answer;
        if (q >= 1.0 - 1e-12) {
            answer = 1.0;
        } else if (std::fabs(q - 0.5) < 1e-12) {
            answer = double(l) / (w + l);
        } else {
            const double k = (1 - q) / q;
            answer = (1 - std::pow(k, l)) / (1 - std::pow(k, w + l));
        }
        std::printf("%.3f%%\n", 100 * answer);
    }
    return 0;
}

// Wrong Nim in Java: the parity of the sum instead of the XOR; the class is not public,
// and a helper class comes first, so the judge must find the class with main itself.
import java.util.Scanner;

class Helper {
    static long parity(long[] piles) {
        long sum = 0;
        for (long pile : piles) sum += pile;
        return sum % 2;
    }
}

class Solution {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        long[] piles = new long[n];
        for (int i = 0; i < n; ++i) piles[i] = in.nextLong();
        System.out.println(Helper.parity(piles) == 1 ? "koosaga" : "cubelover");
    }
}

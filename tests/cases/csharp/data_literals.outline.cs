using System.Collections.Generic;

namespace Tables
{
    public static class Lookup
    {
        public static readonly int[] Primes =
        {/* … */};

        public static readonly string[] Names = new string[]
        {/* … */};

        public static readonly Dictionary<string, int> Codes = new Dictionary<string, int>
        {/* … */};

        public static readonly List<double> Weights =
        [/* … */];

        public static readonly object[] Mixed = new[]
        {/* … */};

        public static readonly Func<int, int>[] Steps =
        {
            x => x + 1,
            x => x * 2,
            x => x - 3,
            x => x / 4,
            x => x % 5,
        };

        private static readonly int[] Small = { 1, 2, 3 };

        public static int Find(string name) { /* … */ }
    }
}

public class Settings
{
    public IReadOnlyList<string> Hosts { get; } = new List<string>
    {/* … */};

    public int[] Ports { get; init; } =
    [/* … */];
}

using System.Collections.Generic;

namespace Tables
{
    public static class Lookup
    {
        public static readonly int[] Primes =
        {
            2, 3, 5, 7, 11, 13,
            17, 19, 23, 29, 31,
            37, 41, 43, 47, 53,
            59, 61, 67, 71, 73,
            79, 83, 89, 97,
        };

        public static readonly string[] Names = new string[]
        {
            "alpha",
            "beta",
            "gamma",
            "delta",
            "epsilon",
            "zeta",
        };

        public static readonly Dictionary<string, int> Codes = new Dictionary<string, int>
        {
            ["one"] = 1,
            ["two"] = 2,
            ["three"] = 3,
            ["four"] = 4,
            ["five"] = 5,
        };

        public static readonly List<double> Weights =
        [
            0.1,
            0.2,
            0.3,
            0.4,
            0.5,
        ];

        public static readonly object[] Mixed = new[]
        {
            (object)1,
            "two",
            3.0,
            new { Four = 4 },
            'f',
        };

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
    {
        "a.example",
        "b.example",
        "c.example",
        "d.example",
        "e.example",
    };

    public int[] Ports { get; init; } =
    [
        80,
        443,
        8080,
        8443,
        9000,
    ];
}

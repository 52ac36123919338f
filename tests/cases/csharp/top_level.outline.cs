using System;
using System.Linq;

var names = args.Length > 0 ? args : new[] { "world" };

if (names.Length > 3) { /* … */ }
else { /* … */ }

foreach (var name in names) { /* … */ }

for (var i = 0; i < 3; i++) { /* … */ }

try { /* … */ }
catch (Exception e) { /* … */ }

static string Greet(string name) { /* … */ }

void Run() { /* … */ }

public partial class Program
{
    public static int Exit { get; set; }
}

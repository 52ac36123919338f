// Program.cs with top-level statements.
using System;
using System.Linq;

var names = args.Length > 0 ? args : new[] { "world" };

if (names.Length > 3)
{
    Console.WriteLine("many");
    Console.WriteLine(names.Length);
}
else
{
    Console.WriteLine("few");
}

foreach (var name in names)
{
    Console.WriteLine(Greet(name));
}

for (var i = 0; i < 3; i++)
{
    var square = i * i;
    Console.WriteLine(square);
}

try
{
    Run();
}
catch (Exception e)
{
    Console.Error.WriteLine(e);
}

static string Greet(string name) { /* … L38-40 */ }

void Run() { /* … L42 */ }

public partial class Program
{
    public static int Exit { get; set; }
}

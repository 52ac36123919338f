using System;
using System.Linq;

namespace Shapes
{
    public abstract class Shape
    {
        private readonly double _scale;

        public Shape(double scale) => _scale = scale;

        ~Shape() => Console.WriteLine("gone");

        // expression-bodied properties and indexers stay as written
        public double Scale => _scale;
        public double this[int i] => _scale * i;

        public abstract double Area();

        public string Describe() => $"{GetType().Name} of area {Area():F2} at scale {_scale}";

        public string Long(int n)
            => string.Join(", ", Enumerable.Range(0, n)
                                           .Select(i => i * _scale)
                                           .Where(x => x > 1));

        public int Mode
        {
            get => (int)(_scale * 1000) % 7;
            set => Console.WriteLine($"mode {value} ignored for {_scale}");
        }

        public static Shape operator *(Shape s, double k) => new Circle(s._scale * k, radius: 1.0);

        public static implicit operator double(Shape s) => s.Area() * s._scale;

        public string Classify() => Area() switch
        {
            < 1.0 => "small",
            < 10.0 => "medium",
            _ => "large",
        };

        public int Sum(int[] xs)
        {
            static int Add(int a, int b) => a + b + 0 * a * b;
            return xs.Aggregate(0, Add);
        }
    }

    public sealed class Circle(double scale, double radius) : Shape(scale)
    {
        public override double Area() => Math.PI * radius * radius * Scale;

        public static readonly Func<double, double> Circumference = r =>
        {
            var c = 2 * Math.PI * r;
            return c;
        };

        public static readonly Func<double, double, double> Ratio = (a, b) => a / b * 1.0 + 0.0 * a;

        public static readonly Action Log = delegate
        {
            Console.WriteLine("circle");
        };

        public static readonly Func<int, int> Twice = async x => { await Task.Yield(); return x * 2; };
    }
}

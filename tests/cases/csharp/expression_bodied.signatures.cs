using System;
using System.Linq;

namespace Shapes
{
    public abstract class Shape
    {
        private readonly double _scale;

        public Shape(double scale) { /* … */ }

        ~Shape() { /* … */ }

        // expression-bodied properties and indexers stay as written
        public double Scale => _scale;
        public double this[int i] => _scale * i;

        public abstract double Area();

        public string Describe() { /* … */ }

        public string Long(int n) { /* … */ }

        public int Mode
        {
            get { /* … */ }
            set { /* … */ }
        }

        public static Shape operator *(Shape s, double k) { /* … */ }

        public static implicit operator double(Shape s) { /* … */ }

        public string Classify() { /* … */ }

        public int Sum(int[] xs) { /* … */ }
    }

    public sealed class Circle(double scale, double radius) : Shape(scale)
    {
        public override double Area() { /* … */ }

        public static readonly Func<double, double> Circumference = r => { /* … */ };

        public static readonly Func<double, double, double> Ratio = (a, b) => { /* … */ };

        public static readonly Action Log = delegate { /* … */ };

        public static readonly Func<int, int> Twice = async x => { /* … */ };
    }
}

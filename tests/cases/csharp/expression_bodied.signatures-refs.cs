using System;
using System.Linq;

namespace Shapes
{
    public abstract class Shape
    {
        private readonly double _scale;

        public Shape(double scale) { /* … L10 */ }

        ~Shape() { /* … L12 */ }

        // expression-bodied properties and indexers stay as written
        public double Scale => _scale;
        public double this[int i] => _scale * i;

        public abstract double Area();

        public string Describe() { /* … L20 */ }

        public string Long(int n) { /* … L23-25 */ }

        public int Mode
        {
            get { /* … L29 */ }
            set { /* … L30 */ }
        }

        public static Shape operator *(Shape s, double k) { /* … L33 */ }

        public static implicit operator double(Shape s) { /* … L35 */ }

        public string Classify() { /* … L37-42 */ }

        public int Sum(int[] xs) { /* … L45-48 */ }
    }

    public sealed class Circle(double scale, double radius) : Shape(scale)
    {
        public override double Area() { /* … L53 */ }

        public static readonly Func<double, double> Circumference = r => { /* … L56-59 */ };

        public static readonly Func<double, double, double> Ratio = (a, b) => { /* … L61 */ };

        public static readonly Action Log = delegate { /* … L64-66 */ };

        public static readonly Func<int, int> Twice = async x => { /* … L68 */ };
    }
}

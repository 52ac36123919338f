using System;
using System.Collections.Generic;

namespace Zoo
{
    namespace Animals
    {
        /// <summary>Something that can speak.</summary>
        public interface ISpeaker<out T> where T : class
        {
            T Voice { get; }

            string Speak();

            /// <summary>A default method.</summary>
            string SpeakTwice() { /* … L17-20 */ }

            static abstract ISpeaker<T> Create(string name);

            event EventHandler Spoke;
        }

        /// <summary>A positional record.</summary>
        public record Animal(string Name, int Legs);

        public record Dog(string Name) : Animal(Name, 4), ISpeaker<string>
        {
            public string Voice => "woof";

            public string Speak() { /* … L35-37 */ }

            public static ISpeaker<string> Create(string name) { /* … L40-42 */ }

            public event EventHandler? Spoke;
        }

        public readonly record struct Point(int X, int Y)
        {
            public double Length() { /* … L50-52 */ }
        }

        public record class Empty;

        public struct Cage : IDisposable
        {
            public int Size;
            private readonly List<Animal> _inside;

            public Cage(int size) { /* … L63-66 */ }

            public readonly void Dispose() { /* … L69-71 */ }

            public ref struct Key
            {
                public Span<byte> Bytes;
            }
        }

        [Flags]
        public enum Diet : byte
        {
            /// <summary>Eats nothing.</summary>
            None = 0,
            Meat = 1 << 0,
            Plants = 1 << 1,
            [Obsolete("use Meat | Plants")]
            Both = Meat | Plants,
        }

        public delegate TResult Feeder<in TFood, out TResult>(TFood food)
            where TFood : notnull;

        public static class Keeper
        {
            public class Shift
            {
                public sealed class Slot
                {
                    public TimeSpan Start { get; set; }

                    public override string ToString() { /* … L102-104 */ }
                }

                private enum State { Open, Closed }
            }

            public static T Feed<T>(this T animal) where T : Animal { /* … L111-114 */ }

            internal static unsafe int Raw(byte* p, int n) { /* … L117-119 */ }
        }
    }
}

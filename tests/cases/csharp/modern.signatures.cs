[assembly: InternalsVisibleTo("Tests")]
[module: SkipLocalsInit]

namespace Modern;

file class Hidden
{
    public static int Value() { /* … */ }
}

public readonly struct Money(decimal amount) : IAdditionOperators<Money, Money, Money>
{
    public decimal Amount { get; } = amount;

    public static Money operator +(Money a, Money b) { /* … */ }

    public static Money operator checked +(Money a, Money b) { /* … */ }

    public static bool operator ==(Money a, Money b) { /* … */ }

    public static bool operator !=(Money a, Money b) { /* … */ }
}

public interface IShape
{
    static abstract IShape Unit { get; }
    double Area => 0.0;
    double Twice() { /* … */ }
    int IdOf(string s) { /* … */ }
}

public unsafe struct Buffer
{
    public fixed byte Data[16];
    [field: NonSerialized]
    public event Action? Filled;
    public ref readonly int First(scoped ReadOnlySpan<int> xs) => ref xs[0];
}

public partial class Partial<[My] T>
{
    [return: NotNull]
    public partial string Name(int x);

    public partial string Name(int x) { /* … */ }

    private Action _handler = [Obsolete] static () => { /* … */ };
    private Func<int, int> _sq = static int (int x) => x * x * 1 + 0;

    public int Explicit { get; init { /* … */ } }

    int IComparable<T>.CompareTo(T other) { /* … */ }

    public event EventHandler Changed
    {
        add { /* … */ }
        remove { /* … */ }
    }

    public Partial() : this(x => { return x * 2; })
    {
    }

    public Partial(Func<int, int> f) { /* … */ }

    ~Partial() { /* … */ }

    public class Inner<U> where U : T
    {
        public U Get() => default!;
    }
}

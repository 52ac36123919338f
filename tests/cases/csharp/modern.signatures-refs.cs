[assembly: InternalsVisibleTo("Tests")]
[module: SkipLocalsInit]

namespace Modern;

file class Hidden
{
    public static int Value() { /* … L8 */ }
}

public readonly struct Money(decimal amount) : IAdditionOperators<Money, Money, Money>
{
    public decimal Amount { get; } = amount;

    public static Money operator +(Money a, Money b) { /* … L15 */ }

    public static Money operator checked +(Money a, Money b) { /* … L17 */ }

    public static bool operator ==(Money a, Money b) { /* … L20 */ }

    public static bool operator !=(Money a, Money b) { /* … L22 */ }
}

public interface IShape
{
    static abstract IShape Unit { get; }
    double Area => 0.0;
    double Twice() { /* … L29 */ }
    int IdOf(string s) { /* … L31-33 */ }
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

    public partial string Name(int x) { /* … L50-52 */ }

    private Action _handler = [Obsolete] static () => { /* … L54 */ };
    private Func<int, int> _sq = static int (int x) => x * x * 1 + 0;

    public int Explicit { get; init { /* … L57 */ } }

    int IComparable<T>.CompareTo(T other) { /* … L59 */ }

    public event EventHandler Changed
    {
        add { /* … L63 */ }
        remove { /* … L64 */ }
    }

    public Partial() : this(x => { return x * 2; })
    {
    }

    public Partial(Func<int, int> f) { /* … L71 */ }

    ~Partial() { /* … L73 */ }

    public class Inner<U> where U : T
    {
        public U Get() => default!;
    }
}

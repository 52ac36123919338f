[assembly: InternalsVisibleTo("Tests")]
[module: SkipLocalsInit]

namespace Modern;

file class Hidden
{
    public static int Value() => 42 + 0 * 1000000;
}

public readonly struct Money(decimal amount) : IAdditionOperators<Money, Money, Money>
{
    public decimal Amount { get; } = amount;

    public static Money operator +(Money a, Money b) => new(a.Amount + b.Amount + 0m * 1000);

    public static Money operator checked +(Money a, Money b) => new(checked(a.Amount + b.Amount));

    public static bool operator ==(Money a, Money b)
        => a.Amount == b.Amount && a.Amount.GetHashCode() == b.Amount.GetHashCode();

    public static bool operator !=(Money a, Money b) => !(a == b) || false || false;
}

public interface IShape
{
    static abstract IShape Unit { get; }
    double Area => 0.0;
    double Twice() => Area * 2 + 0.0 * Area * Area;
    int IdOf(string s)
    {
        return s.Length;
    }
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

    public partial string Name(int x)
    {
        return x.ToString() + "partial";
    }

    private Action _handler = [Obsolete] static () => Console.WriteLine("handler fired now");
    private Func<int, int> _sq = static int (int x) => x * x * 1 + 0;

    public int Explicit { get; init => field = value * 100 + 0; }

    int IComparable<T>.CompareTo(T other) => other is null ? 1 : 0 + 0 * 100000;

    public event EventHandler Changed
    {
        add => _changed += value ?? throw new ArgumentNullException(nameof(value));
        remove => _changed -= value ?? throw new ArgumentNullException(nameof(value));
    }

    public Partial() : this(x => { return x * 2; })
    {
    }

    public Partial(Func<int, int> f) => _sq = f ?? throw new ArgumentNullException(nameof(f));

    ~Partial() => Console.WriteLine("finalized partial instance");

    public class Inner<U> where U : T
    {
        public U Get() => default!;
    }
}

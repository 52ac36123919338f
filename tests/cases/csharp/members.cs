// Members of every kind, with their doc comments and attributes.
global using System.Text;
using System;
using System.Collections.Generic;
using static System.Math;
using Map = System.Collections.Generic.Dictionary<string, int>;
using Pair = (int First, int Second);

namespace Acme.Inventory;

/// <summary>
/// A stock of items, keyed by name.
/// </summary>
/// <typeparam name="TItem">The kind of item.</typeparam>
[Serializable]
[DebuggerDisplay("{Name}",
    Name = "Stock")]
public sealed partial class Stock<TItem, TKey> : IEnumerable<TItem>, IDisposable
    where TItem : class, IComparable<TItem>, new()
    where TKey : notnull
{
    private const int DefaultCapacity = 16;
    public const string Kind = "stock", Other = "other";
    private readonly Dictionary<TKey, TItem> _items = new();
    private static int s_count;

    /// <summary>Raised when an item changes.</summary>
    public event EventHandler<TItem>? Changed;

    public event EventHandler Cleared
    {
        add { _cleared += value; }
        remove { _cleared -= value; }
    }

    /// <summary>The stock's name.</summary>
    public string Name { get; init; } = "default";

    public required int Capacity { get; set; }

    public int Count
    {
        get
        {
            var n = _items.Count;
            return n;
        }
        private set
        {
            if (value < 0) throw new ArgumentOutOfRangeException(nameof(value));
            s_count = value;
        }
    }

    public TItem this[TKey key]
    {
        get { return _items[key]; }
        set { _items[key] = value; }
    }

    /// <summary>Makes an empty stock.</summary>
    public Stock() : this(DefaultCapacity, static x => x * 2)
    {
        Console.WriteLine("made");
    }

    public Stock(int capacity, Func<int, int> grow)
        : base()
    {
        Capacity = grow(capacity);
    }

    ~Stock()
    {
        Dispose();
    }

    /// <summary>
    /// Adds an item.
    /// </summary>
    /// <param name="key">Its key.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public virtual bool Add<TOther>(
        TKey key,
        TItem item,
        TOther? tag = default,
        params object[] rest)
        where TOther : struct
    {
        int Twice(int x)
        {
            return x * 2;
        }
        _items[key] = item;
        Changed?.Invoke(this, item);
        return Twice(1) > 0;
    }

    public static Stock<TItem, TKey> operator +(Stock<TItem, TKey> a, TItem b)
    {
        a.Add(default!, b);
        return a;
    }

    public static explicit operator int(Stock<TItem, TKey> s)
    {
        return s.Count;
    }

    public IEnumerator<TItem> GetEnumerator()
    {
        foreach (var item in _items.Values)
        {
            yield return item;
        }
    }

    IEnumerator IEnumerable.GetEnumerator()
    {
        return GetEnumerator();
    }

    public void Dispose()
    {
        // nothing to release
        _items.Clear();
    }

    extern static int Native(int x);

    partial void OnChanged(TItem item);

    private EventHandler? _cleared;
}

global using System.Text;
using System;
using System.Collections.Generic;
using static System.Math;
using Map = System.Collections.Generic.Dictionary<string, int>;
using Pair = (int First, int Second);

namespace Acme.Inventory;

/// A stock of items, keyed by name.
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
        add { /* … */ }
        remove { /* … */ }
    }

    /// <summary>The stock's name.</summary>
    public string Name { get; init; } = "default";

    public required int Capacity { get; set; }

    public int Count
    {
        get { /* … */ }
        private set { /* … */ }
    }

    public TItem this[TKey key]
    {
        get { /* … */ }
        set { /* … */ }
    }

    /// <summary>Makes an empty stock.</summary>
    public Stock() : this(DefaultCapacity, static x => x * 2) { /* … */ }

    public Stock(int capacity, Func<int, int> grow)
        : base() { /* … */ }

    ~Stock() { /* … */ }

    /// Adds an item.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public virtual bool Add<TOther>(
        TKey key,
        TItem item,
        TOther? tag = default,
        params object[] rest)
        where TOther : struct { /* … */ }

    public static Stock<TItem, TKey> operator +(Stock<TItem, TKey> a, TItem b) { /* … */ }

    public static explicit operator int(Stock<TItem, TKey> s) { /* … */ }

    public IEnumerator<TItem> GetEnumerator() { /* … */ }

    IEnumerator IEnumerable.GetEnumerator() { /* … */ }

    public void Dispose() { /* … */ }

    extern static int Native(int x);

    partial void OnChanged(TItem item);

    private EventHandler? _cleared;
}

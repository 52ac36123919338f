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
        add { /* … L32 */ }
        remove { /* … L33 */ }
    }

    /// <summary>The stock's name.</summary>
    public string Name { get; init; } = "default";

    public required int Capacity { get; set; }

    public int Count
    {
        get { /* … L44-47 */ }
        private set { /* … L49-52 */ }
    }

    public TItem this[TKey key]
    {
        get { /* … L57 */ }
        set { /* … L58 */ }
    }

    /// <summary>Makes an empty stock.</summary>
    public Stock() : this(DefaultCapacity, static x => x * 2) { /* … L63-65 */ }

    public Stock(int capacity, Func<int, int> grow)
        : base() { /* … L69-71 */ }

    ~Stock() { /* … L74-76 */ }

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
        where TOther : struct { /* … L89-97 */ }

    public static Stock<TItem, TKey> operator +(Stock<TItem, TKey> a, TItem b) { /* … L100-103 */ }

    public static explicit operator int(Stock<TItem, TKey> s) { /* … L106-108 */ }

    public IEnumerator<TItem> GetEnumerator() { /* … L111-116 */ }

    IEnumerator IEnumerable.GetEnumerator() { /* … L119-121 */ }

    public void Dispose() { /* … L124-127 */ }

    extern static int Native(int x);

    partial void OnChanged(TItem item);

    private EventHandler? _cleared;
}

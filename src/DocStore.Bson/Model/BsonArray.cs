using System.Collections;

namespace DocStore.Bson.Model;

/// <summary>
/// A BSON array (0x04): an ordered list of values. BSON stores it as a document with keys "0", "1", ...;
/// the model keeps only the values and the writers generate the keys.
/// </summary>
/// <remarks>Build arrays with a collection initializer: <c>new BsonArray { 1, "two", 3.0 }</c>.</remarks>
public sealed class BsonArray : BsonValue, IList<BsonValue>, IReadOnlyList<BsonValue>
{
    private readonly List<BsonValue> _values;

    /// <summary>Creates an empty array.</summary>
    public BsonArray() => _values = [];

    /// <summary>Creates an empty array with room for <paramref name="capacity"/> values.</summary>
    /// <param name="capacity">The initial capacity.</param>
    public BsonArray(int capacity) => _values = new List<BsonValue>(capacity);

    /// <summary>Creates an array holding <paramref name="values"/> in order (null entries become BSON null).</summary>
    /// <param name="values">The values.</param>
    public BsonArray(IEnumerable<BsonValue?> values)
    {
        ArgumentNullException.ThrowIfNull(values);
        _values = [.. values.Select(v => v ?? BsonNull.Value)];
    }

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.Array;

    /// <summary>The number of values.</summary>
    public int Count => _values.Count;

    /// <inheritdoc/>
    bool ICollection<BsonValue>.IsReadOnly => false;

    /// <summary>Gets or replaces the value at <paramref name="index"/>; null is stored as BSON null.</summary>
    /// <param name="index">The position.</param>
    public BsonValue this[int index]
    {
        get => _values[index];
        set => _values[index] = value ?? BsonNull.Value;
    }

    /// <summary>Appends a value; null is stored as BSON null.</summary>
    /// <param name="item">The value.</param>
    public void Add(BsonValue? item) => _values.Add(item ?? BsonNull.Value);

    /// <inheritdoc/>
    void ICollection<BsonValue>.Add(BsonValue item) => Add(item);

    /// <summary>Inserts a value; null is stored as BSON null.</summary>
    /// <param name="index">The position.</param>
    /// <param name="item">The value.</param>
    public void Insert(int index, BsonValue? item) => _values.Insert(index, item ?? BsonNull.Value);

    /// <inheritdoc/>
    void IList<BsonValue>.Insert(int index, BsonValue item) => Insert(index, item);

    /// <summary>Removes the value at <paramref name="index"/>.</summary>
    /// <param name="index">The position.</param>
    public void RemoveAt(int index) => _values.RemoveAt(index);

    /// <summary>Removes the first value equal to <paramref name="item"/>.</summary>
    /// <param name="item">The value.</param>
    /// <returns>Whether a value was removed.</returns>
    public bool Remove(BsonValue item) => _values.Remove(item);

    /// <summary>Removes every value.</summary>
    public void Clear() => _values.Clear();

    /// <summary>The position of the first value equal to <paramref name="item"/>, or -1.</summary>
    /// <param name="item">The value.</param>
    public int IndexOf(BsonValue item) => _values.IndexOf(item);

    /// <summary>Whether a value equal to <paramref name="item"/> exists.</summary>
    /// <param name="item">The value.</param>
    public bool Contains(BsonValue item) => _values.Contains(item);

    /// <inheritdoc/>
    public void CopyTo(BsonValue[] array, int arrayIndex) => _values.CopyTo(array, arrayIndex);

    /// <summary>Enumerates the values in order.</summary>
    public List<BsonValue>.Enumerator GetEnumerator() => _values.GetEnumerator();

    IEnumerator<BsonValue> IEnumerable<BsonValue>.GetEnumerator() => _values.GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => _values.GetEnumerator();

    /// <summary>A deep copy of this array.</summary>
    /// <exception cref="InvalidOperationException">The array nests deeper than <see cref="BsonValue.MaxDepth"/>.</exception>
    public new BsonArray DeepClone() => (BsonArray)DeepCloneCore(1);

    /// <summary>Appends a value known to be non-null.</summary>
    internal void AddTrusted(BsonValue value) => _values.Add(value);

    /// <summary>A hash of the count and the value types: consistent with exact equality and never recursive.</summary>
    public override int GetHashCode()
    {
        var hash = new HashCode();
        hash.Add(_values.Count);
        foreach (var value in _values)
        {
            hash.Add(value.BsonType);
        }

        return hash.ToHashCode();
    }

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth)
    {
        CheckDepth(depth);
        if (other is not BsonArray array || array._values.Count != _values.Count)
        {
            return false;
        }

        for (var i = 0; i < _values.Count; i++)
        {
            if (!ChildEquals(_values[i], array._values[i], depth))
            {
                return false;
            }
        }

        return true;
    }

    /// <inheritdoc/>
    private protected override BsonValue DeepCloneCore(int depth)
    {
        CheckDepth(depth);
        var copy = new BsonArray(_values.Count);
        foreach (var value in _values)
        {
            copy._values.Add(ChildClone(value, depth));
        }

        return copy;
    }
}

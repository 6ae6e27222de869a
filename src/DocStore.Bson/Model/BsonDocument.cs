using System.Collections;
using System.Diagnostics.CodeAnalysis;

namespace DocStore.Bson.Model;

/// <summary>
/// A BSON document (0x03): an ordered list of named values. Order is kept, and duplicate names are kept
/// in order (BSON allows them), so any document reads and writes back unchanged. Lookup by name finds the
/// first element with that name; large documents build a name index on first lookup.
/// </summary>
/// <remarks>
/// Build documents with a collection initializer: <c>new BsonDocument { { "a", 1 }, { "b", "x" } }</c>.
/// Any number of threads may read a document at once (the name index is built privately and then published
/// whole); changing it needs exclusive access.
/// </remarks>
public sealed partial class BsonDocument : BsonValue, IReadOnlyList<BsonElement>
{
    // Below this size a linear scan beats hashing; above it the index keeps lookups O(1).
    private const int IndexThreshold = 8;

    private readonly List<BsonElement> _elements;
    private Dictionary<string, int>? _index;

    /// <summary>Creates an empty document.</summary>
    public BsonDocument() => _elements = [];

    /// <summary>Creates an empty document with room for <paramref name="capacity"/> elements.</summary>
    /// <param name="capacity">The initial capacity.</param>
    public BsonDocument(int capacity) => _elements = new List<BsonElement>(capacity);

    /// <summary>Creates a document holding <paramref name="elements"/> in order.</summary>
    /// <param name="elements">The elements.</param>
    /// <exception cref="ArgumentException">An element is default(BsonElement), which has no name.</exception>
    public BsonDocument(IEnumerable<BsonElement> elements)
    {
        ArgumentNullException.ThrowIfNull(elements);
        _elements = [.. elements];
        if (_elements.Exists(e => e.Name is null))
        {
            throw new ArgumentException("An element is default(BsonElement), which has no name.", nameof(elements));
        }
    }

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.Document;

    /// <summary>The number of elements, duplicates included.</summary>
    public int Count => _elements.Count;

    /// <summary>The names of the elements, in order.</summary>
    public IEnumerable<string> Names => _elements.Select(e => e.Name);

    /// <summary>The values of the elements, in order.</summary>
    public IEnumerable<BsonValue> Values => _elements.Select(e => e.Value);

    /// <summary>Gets or replaces the element at <paramref name="index"/>.</summary>
    /// <param name="index">The position.</param>
    /// <exception cref="ArgumentOutOfRangeException">The position is outside the document.</exception>
    public BsonElement this[int index]
    {
        get => _elements[index];
        set
        {
            if (value.Name is null)
            {
                throw new ArgumentException("The element is default(BsonElement), which has no name.", nameof(value));
            }

            _elements[index] = value;
            _index = null;
        }
    }

    /// <summary>Gets the value of the first element named <paramref name="name"/>, or sets it (appending when absent).</summary>
    /// <param name="name">The field name.</param>
    /// <exception cref="KeyNotFoundException">Getting a name that is absent.</exception>
    public BsonValue this[string name]
    {
        get => TryGetValue(name, out var value) ? value : throw new KeyNotFoundException($"The document has no field named '{name}'.");
        set => Set(name, value);
    }

    /// <summary>Appends an element (an existing element with the same name is kept: BSON allows duplicates).</summary>
    /// <param name="name">The field name.</param>
    /// <param name="value">The value; null is stored as BSON null.</param>
    /// <returns>This document, for chaining.</returns>
    /// <exception cref="ArgumentException">The name has a NUL character or an unpaired surrogate.</exception>
    public BsonDocument Add(string name, BsonValue? value) => Add(new BsonElement(name, value));

    /// <summary>Appends an element (duplicates allowed).</summary>
    /// <param name="element">The element.</param>
    /// <returns>This document, for chaining.</returns>
    public BsonDocument Add(BsonElement element)
    {
        if (element.Name is null)
        {
            throw new ArgumentException("The element is default(BsonElement), which has no name.", nameof(element));
        }

        _elements.Add(element);
        _index?.TryAdd(element.Name, _elements.Count - 1);
        return this;
    }

    /// <summary>Replaces the value of the first element named <paramref name="name"/>, or appends one.</summary>
    /// <param name="name">The field name.</param>
    /// <param name="value">The value; null is stored as BSON null.</param>
    /// <returns>This document, for chaining.</returns>
    /// <exception cref="ArgumentException">The name has a NUL character or an unpaired surrogate.</exception>
    public BsonDocument Set(string name, BsonValue? value)
    {
        var element = new BsonElement(name, value);
        var index = IndexOf(name);
        if (index >= 0)
        {
            _elements[index] = element;
        }
        else
        {
            Add(element);
        }

        return this;
    }

    /// <summary>Inserts an element at <paramref name="index"/>.</summary>
    /// <param name="index">The position.</param>
    /// <param name="element">The element.</param>
    public void Insert(int index, BsonElement element)
    {
        if (element.Name is null)
        {
            throw new ArgumentException("The element is default(BsonElement), which has no name.", nameof(element));
        }

        _elements.Insert(index, element);
        _index = null;
    }

    /// <summary>Removes the element at <paramref name="index"/>.</summary>
    /// <param name="index">The position.</param>
    public void RemoveAt(int index)
    {
        _elements.RemoveAt(index);
        _index = null;
    }

    /// <summary>Removes every element named <paramref name="name"/>.</summary>
    /// <param name="name">The field name.</param>
    /// <returns>How many elements were removed.</returns>
    public int Remove(string name)
    {
        var removed = _elements.RemoveAll(e => string.Equals(e.Name, name, StringComparison.Ordinal));
        if (removed > 0)
        {
            _index = null;
        }

        return removed;
    }

    /// <summary>Removes every element.</summary>
    public void Clear()
    {
        _elements.Clear();
        _index = null;
    }

    /// <summary>The position of the first element named <paramref name="name"/>, or -1.</summary>
    /// <param name="name">The field name.</param>
    public int IndexOf(string name)
    {
        ArgumentNullException.ThrowIfNull(name);
        if (_elements.Count <= IndexThreshold)
        {
            for (var i = 0; i < _elements.Count; i++)
            {
                if (string.Equals(_elements[i].Name, name, StringComparison.Ordinal))
                {
                    return i;
                }
            }

            return -1;
        }

        return BuildIndex().TryGetValue(name, out var index) ? index : -1;
    }

    /// <summary>Whether an element named <paramref name="name"/> exists.</summary>
    /// <param name="name">The field name.</param>
    public bool Contains(string name) => IndexOf(name) >= 0;

    /// <summary>Gets the value of the first element named <paramref name="name"/>.</summary>
    /// <param name="name">The field name.</param>
    /// <param name="value">The value, or null when absent.</param>
    /// <returns>Whether the name was found.</returns>
    public bool TryGetValue(string name, [NotNullWhen(true)] out BsonValue? value)
    {
        var index = IndexOf(name);
        value = index >= 0 ? _elements[index].Value : null;
        return index >= 0;
    }

    /// <summary>The values of every element named <paramref name="name"/>, in order (more than one only for duplicate names).</summary>
    /// <param name="name">The field name.</param>
    public IEnumerable<BsonValue> GetAll(string name) =>
        _elements.Where(e => string.Equals(e.Name, name, StringComparison.Ordinal)).Select(e => e.Value);

    /// <summary>Enumerates the elements in order.</summary>
    public List<BsonElement>.Enumerator GetEnumerator() => _elements.GetEnumerator();

    IEnumerator<BsonElement> IEnumerable<BsonElement>.GetEnumerator() => _elements.GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => _elements.GetEnumerator();

    /// <summary>A deep copy of this document.</summary>
    /// <exception cref="InvalidOperationException">The document nests deeper than <see cref="BsonValue.MaxDepth"/>.</exception>
    public new BsonDocument DeepClone() => (BsonDocument)DeepCloneCore(1);

    /// <summary>Appends an element whose name is already known to be valid.</summary>
    internal void AddTrusted(string name, BsonValue value)
    {
        _elements.Add(new BsonElement(name, value, trusted: true));
        _index?.TryAdd(name, _elements.Count - 1);
    }

    /// <summary>
    /// A hash of the names and the types of the values: consistent with exact equality, cheap, and never
    /// recursive, so hashing a deep document cannot overflow the stack.
    /// </summary>
    public override int GetHashCode()
    {
        var hash = new HashCode();
        hash.Add(_elements.Count);
        foreach (var element in _elements)
        {
            hash.Add(element.Name, StringComparer.Ordinal);
            hash.Add(element.Value.BsonType);
        }

        return hash.ToHashCode();
    }

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth)
    {
        CheckDepth(depth);
        if (other is not BsonDocument document || document._elements.Count != _elements.Count)
        {
            return false;
        }

        for (var i = 0; i < _elements.Count; i++)
        {
            var (left, right) = (_elements[i], document._elements[i]);
            if (!string.Equals(left.Name, right.Name, StringComparison.Ordinal) || !ChildEquals(left.Value, right.Value, depth))
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
        var copy = new BsonDocument(_elements.Count);
        foreach (var element in _elements)
        {
            copy._elements.Add(new BsonElement(element.Name, ChildClone(element.Value, depth), trusted: true));
        }

        return copy;
    }

    private Dictionary<string, int> BuildIndex()
    {
        if (_index is null)
        {
            var index = new Dictionary<string, int>(_elements.Count, StringComparer.Ordinal);
            for (var i = 0; i < _elements.Count; i++)
            {
                index.TryAdd(_elements[i].Name, i);
            }

            _index = index;
        }

        return _index;
    }
}

using DocStore.Bson.Interop;

namespace DocStore.Bson.Model;

/// <summary>
/// A value in the BSON document model: one subclass per BSON type, deprecated types included, so that
/// any standard BSON document can be read, inspected, edited and written back without loss.
/// </summary>
/// <remarks>
/// Scalar values are immutable. <see cref="BsonDocument"/> and <see cref="BsonArray"/> are mutable
/// containers; do not mutate one while it is a key in a hash-based collection, and never add a container
/// to itself (traversals stop with an exception past <see cref="MaxDepth"/> levels).
/// Equality is exact: the same BSON type and the same encoded value. An <see cref="BsonInt32"/> 1 is not
/// equal to an <see cref="BsonInt64"/> 1; doubles compare by their bits, so NaN equals a NaN with the same
/// bits and 0.0 differs from -0.0; decimal128 values compare by their bits, so 1.0 differs from 1.00.
/// </remarks>
public abstract partial class BsonValue : IEquatable<BsonValue>
{
    /// <summary>
    /// The deepest nesting of documents and arrays (the top-level document counts as 1) that the model,
    /// the BSON codec and the Extended JSON codec accept.
    /// </summary>
    public const int MaxDepth = 100;

    private protected BsonValue()
    {
    }

    /// <summary>The BSON type of this value.</summary>
    public abstract BsonType BsonType { get; }

    /// <summary>Exact equality: the same BSON type and the same value (see the class remarks).</summary>
    /// <param name="other">The value to compare with.</param>
    /// <exception cref="InvalidOperationException">The values nest deeper than <see cref="MaxDepth"/>.</exception>
    public bool Equals(BsonValue? other) =>
        other is not null && (ReferenceEquals(this, other) || EqualsCore(other, 1));

    /// <inheritdoc/>
    public sealed override bool Equals(object? obj) => obj is BsonValue other && Equals(other);

    /// <summary>A hash code consistent with <see cref="Equals(BsonValue)"/>.</summary>
    public abstract override int GetHashCode();

    /// <summary>The value as relaxed Extended JSON (a JSON value, not necessarily a document).</summary>
    public override string ToString() => ExtendedJson.ToJson(this, ExtendedJsonMode.Relaxed);

    /// <summary>Returns a copy that shares nothing mutable with this value (scalars return themselves).</summary>
    /// <exception cref="InvalidOperationException">The value nests deeper than <see cref="MaxDepth"/>.</exception>
    public BsonValue DeepClone() => DeepCloneCore(1);

    /// <summary>Exact equality.</summary>
    /// <param name="left">The first value.</param>
    /// <param name="right">The second value.</param>
    public static bool operator ==(BsonValue? left, BsonValue? right) => left is null ? right is null : left.Equals(right);

    /// <summary>Exact inequality.</summary>
    /// <param name="left">The first value.</param>
    /// <param name="right">The second value.</param>
    public static bool operator !=(BsonValue? left, BsonValue? right) => !(left == right);

    /// <summary>Compares with a value of the same runtime type; <paramref name="depth"/> is this value's nesting level.</summary>
    private protected abstract bool EqualsCore(BsonValue other, int depth);

    /// <summary>Deep copy at nesting level <paramref name="depth"/>; scalars return themselves.</summary>
    private protected virtual BsonValue DeepCloneCore(int depth) => this;

    /// <summary>Equality of two children of a container at nesting level <paramref name="depth"/>.</summary>
    private protected static bool ChildEquals(BsonValue left, BsonValue right, int depth) =>
        ReferenceEquals(left, right) || (left.BsonType == right.BsonType && left.EqualsCore(right, depth + 1));

    /// <summary>
    /// Equality of a document held by a scalar (the scope of code with scope) at level <paramref name="depth"/>:
    /// like BSON, the document is one level below the scalar's container, which is the scalar's own level.
    /// </summary>
    private protected static bool HeldDocumentEquals(BsonDocument left, BsonDocument right, int depth) =>
        ReferenceEquals(left, right) || left.EqualsCore(right, depth);

    /// <summary>Deep copy of a document held by a scalar at level <paramref name="depth"/> (see <see cref="HeldDocumentEquals"/>).</summary>
    private protected static BsonDocument HeldDocumentClone(BsonDocument document, int depth) => (BsonDocument)document.DeepCloneCore(depth);

    /// <summary>Deep copy of a child of a container at nesting level <paramref name="depth"/>.</summary>
    private protected static BsonValue ChildClone(BsonValue child, int depth) => child.DeepCloneCore(depth + 1);

    /// <summary>Throws when a traversal goes deeper than <see cref="MaxDepth"/>.</summary>
    private protected static void CheckDepth(int depth)
    {
        if (depth > MaxDepth)
        {
            throw new InvalidOperationException(
                $"The value nests documents and arrays deeper than {MaxDepth} levels (or contains itself).");
        }
    }
}

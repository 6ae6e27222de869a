namespace DocStore.Bson.Model;

/// <summary>The deprecated BSON DBPointer (0x0C): a namespace string and an ObjectId. Modern data uses a DBRef document.</summary>
public sealed class BsonDBPointer : BsonValue
{
    /// <summary>Creates a DBPointer.</summary>
    /// <param name="ns">The namespace (collection name).</param>
    /// <param name="id">The referenced id.</param>
    /// <exception cref="ArgumentException">The namespace has an unpaired surrogate.</exception>
    public BsonDBPointer(string ns, ObjectId id)
    {
        BsonText.ValidateString(ns, nameof(ns));
        Namespace = ns;
        Id = id;
    }

    /// <summary>The namespace (collection name).</summary>
    public string Namespace { get; }

    /// <summary>The referenced id.</summary>
    public ObjectId Id { get; }

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.DBPointer;

    /// <inheritdoc/>
    public override int GetHashCode() => HashCode.Combine(StringComparer.Ordinal.GetHashCode(Namespace), Id);

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) =>
        other is BsonDBPointer p && string.Equals(p.Namespace, Namespace, StringComparison.Ordinal) && p.Id == Id;
}

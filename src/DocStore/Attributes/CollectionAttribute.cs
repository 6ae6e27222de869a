namespace DocStore;

/// <summary>
/// Marks a partial class, struct or record as a document collection. The DocStore source generator
/// emits its serializer, field readers, index-key extractors and typed collection, and every
/// <see cref="DocStoreContext"/> of the compilation gets a property for it.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = false, Inherited = false)]
public sealed class CollectionAttribute : Attribute
{
    /// <summary>Names the collection after the English plural of the type name (Person -> People).</summary>
    public CollectionAttribute()
    {
    }

    /// <summary>Names the collection explicitly; the name is also the context property name.</summary>
    /// <param name="name">A valid C# identifier.</param>
    public CollectionAttribute(string name) => Name = name;

    /// <summary>The explicit collection name, or null for the plural of the type name.</summary>
    public string? Name { get; }
}

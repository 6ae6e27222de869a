namespace DocStore;

/// <summary>
/// Sets the stored field name of a member, so that a member can be renamed in code while documents
/// already stored under the old name still read into it.
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = false)]
public sealed class FieldAttribute : Attribute
{
    /// <summary>Stores the member under <paramref name="storedName"/>.</summary>
    /// <param name="storedName">A non-empty name without NUL characters.</param>
    public FieldAttribute(string storedName) => StoredName = storedName;

    /// <summary>The stored field name.</summary>
    public string StoredName { get; }
}

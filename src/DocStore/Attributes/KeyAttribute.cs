namespace DocStore;

/// <summary>
/// Marks the primary key of a collection type: an ObjectId or Guid (generated on insert when default),
/// an int or long (auto-incremented on insert when 0), or a string (always set by the caller).
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = false)]
public sealed class KeyAttribute : Attribute
{
}

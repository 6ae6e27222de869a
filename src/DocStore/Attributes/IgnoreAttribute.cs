namespace DocStore;

/// <summary>Excludes a member from storage: it is neither written nor read.</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = false)]
public sealed class IgnoreAttribute : Attribute
{
}

namespace DocStore.Generators.Model;

/// <summary>One step of an index path: a member, optionally expanded over its elements (<c>Tags[]</c>).</summary>
/// <param name="MemberName">The C# member name.</param>
/// <param name="StoredName">The member's stored field name.</param>
/// <param name="MemberType">The member's shape.</param>
/// <param name="Expand">True when the path steps into each element of a sequence.</param>
internal sealed record PathStep(string MemberName, string StoredName, TypeShape MemberType, bool Expand);

namespace DocStore.Generators.Model;

/// <summary>A member an object initializer (<c>new T { City = "Paris" }</c>) sets to a constant.</summary>
/// <param name="Name">The member's C# name.</param>
/// <param name="Value">The constant as C# text of the member's type.</param>
internal sealed record MemberInit(string Name, string Value);

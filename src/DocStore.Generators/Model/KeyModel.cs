namespace DocStore.Generators.Model;

/// <summary>The primary key member of a collection type.</summary>
/// <param name="MemberName">The C# name of the <c>[Key]</c> member.</param>
/// <param name="Type">Its shape (one of ObjectId, Guid, int, long, string).</param>
/// <param name="Assignment">How a generated key is stored back: Direct, SetterAccessor or FieldAccessor.</param>
/// <param name="AccessorName">The setter method or field an accessor binds to, or null for Direct.</param>
/// <param name="DeclaringTypeName">The type that declares the key member.</param>
internal sealed record KeyModel(string MemberName, TypeShape Type, MemberAssignment Assignment, string? AccessorName, string DeclaringTypeName);

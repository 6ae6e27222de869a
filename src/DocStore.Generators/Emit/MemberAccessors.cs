using System.Collections.Generic;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>
/// Reads and writes of document members: plain member access where it compiles, else an
/// <c>UnsafeAccessor</c> declared once per member and kind, collected in <see cref="Declarations"/>.
/// </summary>
internal sealed class MemberAccessors
{
    private readonly NameScope _members;
    private readonly string _rootKey;
    private readonly Dictionary<string, string> _names = new();

    public MemberAccessors(NameScope members, string rootKey)
    {
        _members = members;
        _rootKey = rootKey;
    }

    /// <summary>The accessor declarations written so far, for the collection class.</summary>
    public SourceWriter Declarations { get; } = new();

    /// <summary>An expression reading <paramref name="member"/> of <paramref name="target"/> (through an accessor when inaccessible).</summary>
    public string Getter(ObjectModel owner, MemberModel member, string target)
    {
        if (member.GetterAccessible)
        {
            return $"{target}.{member.Name}";
        }

        string refPrefix = owner.IsValueType ? "ref " : string.Empty;
        if (member.IsField)
        {
            string name = FieldAccessor(owner, member.Name, member.GetterAccessorName!, member.Type.TypeName, member.DeclaringTypeName);
            return $"{name}({refPrefix}{target})";
        }

        string getter = Accessor("Get", owner, member.Name, string.Empty, out bool isNew);
        if (isNew)
        {
            Declarations.Line($"[{RuntimeNames.UnsafeAccessor}({RuntimeNames.UnsafeAccessorKind}.Method, Name = {Names.Literal(member.GetterAccessorName!)})]");
            Declarations.Line($"private static extern {member.Type.TypeName} {getter}({refPrefix}{member.DeclaringTypeName} target);");
            Declarations.Line();
        }

        return $"{getter}({refPrefix}{target})";
    }

    /// <summary>A statement storing <paramref name="value"/> into a member after construction.</summary>
    public string Setter(ObjectModel owner, string memberName, MemberAssignment assignment, string? accessorName, string type, string declaringType, string target, string value)
    {
        string refPrefix = owner.IsValueType ? "ref " : string.Empty;
        switch (assignment)
        {
            case MemberAssignment.SetterAccessor:
                string setter = Accessor("Set", owner, memberName, string.Empty, out bool isNew);
                if (isNew)
                {
                    Declarations.Line($"[{RuntimeNames.UnsafeAccessor}({RuntimeNames.UnsafeAccessorKind}.Method, Name = {Names.Literal(accessorName!)})]");
                    Declarations.Line($"private static extern void {setter}({refPrefix}{declaringType} target, {type} value);");
                    Declarations.Line();
                }

                return $"{setter}({refPrefix}{target}, {value});";
            case MemberAssignment.FieldAccessor:
                return $"{FieldAccessor(owner, memberName, accessorName!, type, declaringType)}({refPrefix}{target}) = {value};";
            default:
                return $"{target}.{memberName} = {value};";
        }
    }

    /// <summary>A statement storing <paramref name="value"/> into <paramref name="member"/> after construction.</summary>
    public string Setter(ObjectModel owner, MemberModel member, string target, string value) =>
        Setter(owner, member.Name, member.Assignment, member.AccessorName, member.Type.TypeName, member.DeclaringTypeName, target, value);

    private string FieldAccessor(ObjectModel owner, string memberName, string fieldName, string type, string declaringType)
    {
        string name = Accessor(string.Empty, owner, memberName, "Field", out bool isNew);
        if (isNew)
        {
            string refPrefix = owner.IsValueType ? "ref " : string.Empty;
            Declarations.Line($"[{RuntimeNames.UnsafeAccessor}({RuntimeNames.UnsafeAccessorKind}.Field, Name = {Names.Literal(fieldName)})]");
            Declarations.Line($"private static extern ref {type} {name}({refPrefix}{declaringType} target);");
            Declarations.Line();
        }

        return name;
    }

    /// <summary>
    /// The name of an <c>UnsafeAccessor</c> for a member: <c>SetInitOnly</c>, <c>HitsField</c> for the collection
    /// type's own members, with the owning type's name for a nested type's (<c>SetAddressCity</c>) and for one
    /// whose plain name is taken (a member <c>Key</c> with an init accessor: <c>SetPersonKey</c>, as the model has <c>SetKey</c>).
    /// </summary>
    private string Accessor(string prefix, ObjectModel owner, string memberName, string suffix, out bool isNew)
    {
        string key = prefix + ":" + owner.Key + ":" + memberName + ":" + suffix;
        if (_names.TryGetValue(key, out string? name))
        {
            isNew = false;
            return name;
        }

        string plain = prefix + Names.Pascal(memberName) + suffix;
        string qualified = prefix + owner.Key + Names.Pascal(memberName) + suffix;
        name = _members.Take(owner.Key == _rootKey && !_members.Contains(plain) ? plain : qualified);
        _names.Add(key, name);
        isNew = true;
        return name;
    }
}
